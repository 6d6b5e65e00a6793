/** The zod schema of the Orders tab's form (./order-settings.ts), and the settings it gives. */
import {
  DELIVERY_NOTE_MAX_LENGTH,
  MAX_DAYS_AHEAD,
  MAX_GIVE_UP_MINUTES,
  MAX_LEAD_MINUTES,
  MAX_REMIND_MINUTES,
  MAX_SLOT_CAP,
  MIN_GIVE_UP_MINUTES,
  MIN_REMIND_MINUTES,
  ORDER_SETTINGS_MESSAGES,
  SLOT_LENGTHS,
  type OrderSettings,
} from "./order-settings";
import { parsePriceToCents } from "./price";
import { checkbox, z } from "./zod";

const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

const amount = z
  .string()
  .max(16)
  .optional()
  .transform((value) => parsePriceToCents(value ?? ""));

/** The Orders tab's form. */
export const orderSettingsSchema = z
  .object({
    enabled: checkbox,
    pickup: checkbox,
    delivery: checkbox,
    deliveryFee: amount,
    deliveryMinimum: amount,
    deliveryNote: z
      .string()
      .trim()
      .max(DELIVERY_NOTE_MAX_LENGTH, { error: ORDER_SETTINGS_MESSAGES.deliveryNote })
      .optional()
      .transform((value) => value ?? ""),
    leadMinutes: wholeNumber(0, MAX_LEAD_MINUTES, ORDER_SETTINGS_MESSAGES.leadMinutes),
    slotMinutes: wholeNumber(5, 60, ORDER_SETTINGS_MESSAGES.slotMinutes).refine(
      (value) => (SLOT_LENGTHS as readonly number[]).includes(value),
      { error: ORDER_SETTINGS_MESSAGES.slotMinutes },
    ),
    daysAhead: wholeNumber(0, MAX_DAYS_AHEAD, ORDER_SETTINGS_MESSAGES.daysAhead),
    minimum: amount,
    slotCap: z
      .string()
      .trim()
      .max(8, { error: ORDER_SETTINGS_MESSAGES.slotCap })
      .optional()
      .transform((value, context) => {
        if (!value) return null;
        const cap = /^\d+$/.test(value) ? Number(value) : NaN;
        if (!(cap >= 1 && cap <= MAX_SLOT_CAP)) {
          context.addIssue({ code: "custom", message: ORDER_SETTINGS_MESSAGES.slotCap });
          return z.NEVER;
        }
        return cap;
      }),
    remindMinutes: wholeNumber(
      MIN_REMIND_MINUTES,
      MAX_REMIND_MINUTES,
      ORDER_SETTINGS_MESSAGES.remindMinutes,
    ),
    // Empty: never turned down.
    giveUpMinutes: z
      .string()
      .trim()
      .max(8, { error: ORDER_SETTINGS_MESSAGES.giveUpMinutes })
      .optional()
      .transform((value, context) => {
        if (!value) return null;
        const minutes = /^\d+$/.test(value) ? Number(value) : NaN;
        if (!(minutes >= MIN_GIVE_UP_MINUTES && minutes <= MAX_GIVE_UP_MINUTES)) {
          context.addIssue({ code: "custom", message: ORDER_SETTINGS_MESSAGES.giveUpMinutes });
          return z.NEVER;
        }
        return minutes;
      }),
    email: z
      .string()
      .trim()
      .max(254, { error: ORDER_SETTINGS_MESSAGES.email })
      .optional()
      .transform((value) => value ?? "")
      .refine((value) => value === "" || z.email().safeParse(value).success, {
        error: ORDER_SETTINGS_MESSAGES.email,
      }),
  })
  .superRefine((value, context) => {
    if (value.enabled && !value.pickup && !value.delivery) {
      context.addIssue({
        code: "custom",
        path: ["pickup"],
        message: ORDER_SETTINGS_MESSAGES.chooseAWay,
      });
    }
    // The reminder comes first: an order turned down cannot be answered any more.
    if (value.giveUpMinutes !== null && value.giveUpMinutes <= value.remindMinutes) {
      context.addIssue({
        code: "custom",
        path: ["giveUpMinutes"],
        message: ORDER_SETTINGS_MESSAGES.giveUpAfterRemind,
      });
    }
  });

export type OrderSettingsInput = z.output<typeof orderSettingsSchema>;

/** The form's values as stored settings; the pause is the inbox's, and stays as it was. */
export function settingsFromForm(
  input: OrderSettingsInput,
  current: Pick<OrderSettings, "pausedUntil" | "pausedIndefinitely">,
): OrderSettings {
  return {
    enabled: input.enabled,
    pickup: input.pickup,
    delivery: input.delivery,
    deliveryFeeCents: input.deliveryFee,
    deliveryMinimumCents: input.deliveryMinimum,
    deliveryNote: input.deliveryNote,
    leadMinutes: input.leadMinutes,
    slotMinutes: input.slotMinutes,
    daysAhead: input.daysAhead,
    minimumCents: input.minimum,
    slotCap: input.slotCap,
    email: input.email,
    remindMinutes: input.remindMinutes,
    giveUpMinutes: input.giveUpMinutes,
    pausedUntil: current.pausedUntil,
    pausedIndefinitely: current.pausedIndefinitely,
  };
}
