import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { Field, FieldErrors, FormErrors } from "~/components/form";
import { ownerContext, servicesContext } from "~/context";
import { effectiveMaxProducts, isStatusValid, NAME_MAX_LENGTH } from "~/lib/limits";
import { typeToPreselect } from "~/lib/get-started";
import { siteAdminWords } from "~/lib/i18n/portal/site-admin";
import { fill } from "~/lib/i18n/text";
import { MESSAGES } from "~/lib/messages";
import { ALL_SITES } from "~/sites";
import { useHydrated } from "~/components/use-hydrated";
import { browserTimeZone } from "~/lib/time-zones";
import { createProductSchema } from "~/lib/validation";
import { createProduct, listOwnerProducts } from "~/server/repositories/products.server";
import { pageMeta } from "~/lib/seo";
import { parseSubmission, readFormOrRefuse } from "~/server/http/forms.server";
import type { Route } from "./+types/create";
import { stylesheetLinks } from "~/styles/portal-stylesheet";
import createStylesHref from "./create.css?url";
import { logRequestError } from "~/server/http/log.server";

export const links: Route.LinksFunction = () => stylesheetLinks(createStylesHref);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: siteAdminWords.createTitle,
    description: siteAdminWords.createDescription,
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = context.get(ownerContext);
  const used = (await listOwnerProducts(context.get(servicesContext).db, owner.id)).length;
  const max = effectiveMaxProducts(owner.maxProduct);
  // The form says why it is closed; the action checks again, in a transaction.
  const blockedBy = !isStatusValid(owner.status)
    ? MESSAGES.statusNotValid
    : used >= max
      ? MESSAGES.productLimitReached
      : null;
  // Arriving from a product's page (through registration), that product is already chosen.
  const preselected = typeToPreselect(new URL(request.url).searchParams);
  return { used, max, blockedBy, preselected };
}

const REFUSAL_MESSAGE = {
  "status-not-valid": MESSAGES.statusNotValid,
  "limit-reached": MESSAGES.productLimitReached,
  "owner-missing": MESSAGES.failedToCreateProduct,
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const owner = context.get(ownerContext);
  const submission = parseSubmission(await readFormOrRefuse(request), createProductSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { type, name, timeZone } = submission.value;
  if (!type) return data(submission.reply(), { status: 400 });

  let result;
  try {
    result = await createProduct(context.get(servicesContext).events, owner.id, {
      type,
      name,
      timeZone,
    });
  } catch (error) {
    logRequestError(request, "create failed", error);
    return data(submission.reply({ formErrors: [MESSAGES.failedToCreateProduct] }), {
      status: 500,
    });
  }
  if (!result.ok) {
    return data(submission.reply({ formErrors: [REFUSAL_MESSAGE[result.reason]] }), {
      status: 409,
    });
  }
  throw redirect(`/user/${type}/setup/${result.productId}`);
}

export default function Create({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // The form posts to this page's own address, `?type=` included.
  const creating =
    navigation.state !== "idle" && navigation.formAction?.split("?")[0] === "/user/create";
  const [form, fields] = useForm({
    lastResult: actionData,
    defaultValue: { type: loaderData.preselected ?? undefined },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createProductSchema }),
  });
  const blocked = Boolean(loaderData.blockedBy);
  // The site's hours are kept in the owner's zone unless they choose another on Info.
  const hydrated = useHydrated();

  return (
    <div className="container">
      <div className="page-header">
        <h1>{siteAdminWords.createTitle}</h1>
        <p className="muted">
          {fill(siteAdminWords.sitesUsed, { used: loaderData.used, max: loaderData.max })}
        </p>
      </div>
      {loaderData.blockedBy ? (
        <p className="alert info" role="status">
          {loaderData.blockedBy}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="timeZone" value={hydrated ? browserTimeZone() : ""} />
        <fieldset
          className="type-choices"
          disabled={blocked}
          aria-describedby={fields.type.errors?.length ? fields.type.errorId : undefined}
        >
          <legend>{siteAdminWords.typeLegend}</legend>
          {ALL_SITES.map(({ type, label, description }) => (
            <label key={type} className="type-choice">
              <input
                {...getInputProps(fields.type, { type: "radio", value: type })}
                key={type}
                id={`${fields.type.id}-${type}`}
                aria-describedby={`type-${type}-description`}
              />
              <span>
                <strong>{label}</strong>
                <span id={`type-${type}-description`} className="muted">
                  {description}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <FieldErrors id={fields.type.errorId} errors={fields.type.errors} />
        <Field field={fields.name} label={siteAdminWords.nameLabel} hint={siteAdminWords.nameHint}>
          <input maxLength={NAME_MAX_LENGTH} disabled={blocked} autoComplete="organization" />
        </Field>
        <div>
          <button type="submit" className="button" disabled={blocked || creating}>
            {creating ? siteAdminWords.creating : siteAdminWords.create}
          </button>
        </div>
      </Form>
    </div>
  );
}
