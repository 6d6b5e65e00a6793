import { useEffect, useId, useRef, useState } from "react";
import {
  choiceRuleInWords,
  formatPriceChange,
  isSizeGroup,
  MAX_OPTION_CHOICES,
  MAX_OPTION_GROUPS,
  OPTION_NAME_MAX_LENGTH,
  parsePriceChange,
  PRICE_CHANGE_MAX_LENGTH,
  type OptionGroup,
} from "~/lib/item-options";
import { editorWords } from "~/lib/i18n/portal/editor";
import { fill } from "~/lib/i18n/text";
import { formatPrice, parsePriceToCents } from "~/lib/price";
import { useHydrated } from "../use-hydrated";
import { useSiteCurrency } from "./site-currency";

interface ChoiceDraft {
  key: number;
  id?: string;
  name: string;
  price: string;
  soldOut: boolean;
}
interface GroupDraft {
  key: number;
  id?: string;
  name: string;
  min: number;
  max: number;
  choices: ChoiceDraft[];
}

let nextKey = 1;
const key = () => nextKey++;

function draftsOf(groups: readonly OptionGroup[]): GroupDraft[] {
  return groups.map((group) => ({
    key: key(),
    id: group.id,
    name: group.name,
    min: group.min,
    max: group.max,
    choices: group.choices.map((choice) => ({
      key: key(),
      id: choice.id,
      name: choice.name,
      price: formatPriceChange(choice.priceChangeCents),
      soldOut: choice.soldOut,
    })),
  }));
}

const blankChoice = (name = "", price = "0"): ChoiceDraft => ({
  key: key(),
  name,
  price,
  soldOut: false,
});

/** Moves the entry at `index` one place up (-1) or down (+1). */
function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const [entry] = next.splice(index, 1);
  next.splice(index + by, 0, entry!);
  return next;
}

/** The ways a customer may pick from a group of `count` choices, in words, as [min, max]. */
function pickRules(count: number, current: { min: number; max: number }) {
  const rules: Array<[number, number]> = [
    [1, 1],
    [0, 1],
  ];
  for (let n = 2; n <= count; n++) rules.push([0, n], [1, n], [n, n]);
  if (!rules.some(([min, max]) => min === current.min && max === current.max)) {
    rules.push([current.min, current.max]);
  }
  return rules.map(([min, max]) => ({
    value: `${min}-${max}`,
    min,
    max,
    label: choiceRuleInWords({ min, max }),
  }));
}

/**
 * "Options" in Add Item and Edit: sizes and choice groups, each choice with its price change,
 * added, renamed, reordered (with buttons, for a keyboard and a thumb) and removed. It posts
 * plain fields (`options[0].choices[1].price`) that the item schema checks on the server as
 * in the browser; `errors` are the form's, by field name, shown at their field. A size shows
 * the price it comes to. Without JavaScript it says options need it, and posts nothing, so
 * the item's options stay as they are.
 */
export function ItemOptionsEditor({
  initial,
  errors,
  soldOutChoices,
}: {
  initial: readonly OptionGroup[];
  /** The form's errors by field name (Conform's `form.allErrors`). */
  errors: Record<string, string[] | undefined>;
  /** A shop's choices can be sold out on their own. */
  soldOutChoices: boolean;
}) {
  const hydrated = useHydrated();
  const [groups, setGroups] = useState(() => draftsOf(initial));
  const [basePrice, setBasePrice] = useState(0);
  const sectionRef = useRef<HTMLFieldSetElement>(null);
  const titleId = useId();
  const currency = useSiteCurrency();
  // Focus follows a moved or added control, so a keyboard user stays where they were.
  const focusAfter = useRef<string | null>(null);

  // Sizes show the price they come to: the item's own Price field is the base.
  useEffect(() => {
    const form = sectionRef.current?.form;
    if (!form) return;
    const read = () => {
      const price = form.elements.namedItem("price");
      setBasePrice(price instanceof HTMLInputElement ? parsePriceToCents(price.value) : 0);
    };
    read();
    form.addEventListener("input", read);
    return () => form.removeEventListener("input", read);
  }, [hydrated]);

  useEffect(() => {
    if (!focusAfter.current) return;
    const target = sectionRef.current?.querySelector<HTMLElement>(
      `[data-focus-key="${focusAfter.current}"]`,
    );
    focusAfter.current = null;
    target?.focus();
  });

  if (!hydrated) {
    return (
      <fieldset className="item-options" aria-labelledby={titleId}>
        <legend id={titleId}>{editorWords.options}</legend>
        <p className="muted">{editorWords.optionsNeedScript}</p>
      </fieldset>
    );
  }

  const update = (index: number, change: (group: GroupDraft) => GroupDraft) =>
    setGroups((all) => all.map((group, i) => (i === index ? change(group) : group)));
  const hasSizeGroup = groups.some(isSizeGroup);
  const full = groups.length >= MAX_OPTION_GROUPS;
  const errorOf = (name: string) => errors[name]?.join(" ");

  return (
    <fieldset className="item-options" ref={sectionRef} aria-labelledby={titleId}>
      <legend id={titleId}>{editorWords.options}</legend>
      <input type="hidden" name="optionsShown" value="on" />
      {groups.length === 0 ? <p className="muted">{editorWords.optionsIntro}</p> : null}
      {errorOf("options") ? (
        <p className="field-error" role="alert">
          {errorOf("options")}
        </p>
      ) : null}
      <ol className="option-groups">
        {groups.map((group, g) => {
          const prefix = `options[${g}]`;
          const isSize = isSizeGroup(group);
          const title = group.name.trim() || fill(editorWords.groupNumbered, { number: g + 1 });
          const rules = pickRules(group.choices.length, group);
          const groupError = errorOf(`${prefix}.choices`) ?? errorOf(prefix);
          return (
            <li key={group.key} className="option-group card">
              {group.id ? <input type="hidden" name={`${prefix}.id`} value={group.id} /> : null}
              <input type="hidden" name={`${prefix}.min`} value={group.min} />
              <input type="hidden" name={`${prefix}.max`} value={group.max} />
              <div className="option-group-head">
                <OptionTextField
                  label={editorWords.groupName}
                  name={`${prefix}.name`}
                  value={group.name}
                  error={errorOf(`${prefix}.name`)}
                  focusKey={`group-${group.key}`}
                  onChange={(name) => update(g, (draft) => ({ ...draft, name }))}
                />
                <div className="field">
                  <label htmlFor={`${prefix}-rule`}>{editorWords.customersPick}</label>
                  <select
                    id={`${prefix}-rule`}
                    value={`${group.min}-${group.max}`}
                    aria-invalid={Boolean(errorOf(`${prefix}.min`) ?? errorOf(`${prefix}.max`))}
                    onChange={(event) => {
                      const rule = rules.find((r) => r.value === event.currentTarget.value);
                      if (rule) update(g, (draft) => ({ ...draft, min: rule.min, max: rule.max }));
                    }}
                  >
                    {rules.map((rule) => (
                      <option key={rule.value} value={rule.value}>
                        {rule.label}
                      </option>
                    ))}
                  </select>
                  {(errorOf(`${prefix}.min`) ?? errorOf(`${prefix}.max`)) ? (
                    <p className="field-error" role="alert">
                      {errorOf(`${prefix}.min`) ?? errorOf(`${prefix}.max`)}
                    </p>
                  ) : null}
                </div>
              </div>
              <ul
                className="option-choices"
                aria-label={fill(editorWords.choicesOf, { group: title })}
              >
                {group.choices.map((choice, c) => {
                  const choicePrefix = `${prefix}.choices[${c}]`;
                  const label =
                    choice.name.trim() || fill(editorWords.choiceNumbered, { number: c + 1 });
                  const change = parsePriceChange(choice.price);
                  const updateChoice = (next: Partial<ChoiceDraft>) =>
                    update(g, (draft) => ({
                      ...draft,
                      choices: draft.choices.map((entry, i) =>
                        i === c ? { ...entry, ...next } : entry,
                      ),
                    }));
                  return (
                    <li key={choice.key} className="option-choice">
                      {choice.id ? (
                        <input type="hidden" name={`${choicePrefix}.id`} value={choice.id} />
                      ) : null}
                      <OptionTextField
                        label={editorWords.choice}
                        labelSuffix={fill(editorWords.choiceOf, { number: c + 1, group: title })}
                        labelShown={c === 0}
                        name={`${choicePrefix}.name`}
                        value={choice.name}
                        error={errorOf(`${choicePrefix}.name`)}
                        focusKey={`choice-${choice.key}`}
                        onChange={(name) => updateChoice({ name })}
                      />
                      <OptionTextField
                        label={editorWords.priceChange}
                        labelSuffix={fill(editorWords.priceChangeOf, { choice: label })}
                        labelShown={c === 0}
                        name={`${choicePrefix}.price`}
                        value={choice.price}
                        inputMode="decimal"
                        className="option-price"
                        error={errorOf(`${choicePrefix}.price`)}
                        hint={
                          isSize
                            ? fill(editorWords.sizeCosts, {
                                price: formatPrice(Math.max(0, basePrice + change), currency),
                              })
                            : undefined
                        }
                        onChange={(price) => updateChoice({ price })}
                      />
                      <div className="option-choice-tools">
                        {soldOutChoices ? (
                          <label className="option-sold-out">
                            <input
                              type="checkbox"
                              name={`${choicePrefix}.soldOut`}
                              checked={choice.soldOut}
                              onChange={(event) => updateChoice({ soldOut: event.target.checked })}
                            />
                            {editorWords.soldOut}
                          </label>
                        ) : null}
                        <span className="option-buttons">
                          <button
                            type="button"
                            className="button secondary icon-button"
                            aria-label={fill(editorWords.moveChoiceUp, { choice: label })}
                            data-focus-key={`choice-up-${choice.key}`}
                            disabled={c === 0}
                            onClick={() => {
                              focusAfter.current =
                                c === 1 ? `choice-down-${choice.key}` : `choice-up-${choice.key}`;
                              update(g, (draft) => ({
                                ...draft,
                                choices: moved(draft.choices, c, -1),
                              }));
                            }}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className="button secondary icon-button"
                            aria-label={fill(editorWords.moveChoiceDown, { choice: label })}
                            data-focus-key={`choice-down-${choice.key}`}
                            disabled={c === group.choices.length - 1}
                            onClick={() => {
                              focusAfter.current =
                                c === group.choices.length - 2
                                  ? `choice-up-${choice.key}`
                                  : `choice-down-${choice.key}`;
                              update(g, (draft) => ({
                                ...draft,
                                choices: moved(draft.choices, c, 1),
                              }));
                            }}
                          >
                            ↓
                          </button>
                          <button
                            type="button"
                            className="button secondary icon-button"
                            aria-label={fill(editorWords.removeChoice, { choice: label })}
                            disabled={group.choices.length === 1}
                            onClick={() => {
                              focusAfter.current = `group-${group.key}`;
                              update(g, (draft) => {
                                const choices = draft.choices.filter((_, i) => i !== c);
                                return {
                                  ...draft,
                                  choices,
                                  max: Math.min(draft.max, choices.length),
                                  min: Math.min(draft.min, choices.length),
                                };
                              });
                            }}
                          >
                            ✕
                          </button>
                        </span>
                      </div>
                    </li>
                  );
                })}
              </ul>
              {groupError ? (
                <p className="field-error" role="alert">
                  {groupError}
                </p>
              ) : null}
              <div className="option-group-actions">
                <button
                  type="button"
                  className="button secondary small"
                  aria-label={fill(editorWords.addChoiceTo, { group: title })}
                  disabled={group.choices.length >= MAX_OPTION_CHOICES}
                  onClick={() => {
                    const added = blankChoice();
                    focusAfter.current = `choice-${added.key}`;
                    update(g, (draft) => ({ ...draft, choices: [...draft.choices, added] }));
                  }}
                >
                  {editorWords.addChoice}
                </button>
                <span className="option-buttons">
                  <button
                    type="button"
                    className="button secondary icon-button"
                    aria-label={fill(editorWords.moveGroupUp, { group: title })}
                    disabled={g === 0}
                    onClick={() => setGroups((all) => moved(all, g, -1))}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button secondary icon-button"
                    aria-label={fill(editorWords.moveGroupDown, { group: title })}
                    disabled={g === groups.length - 1}
                    onClick={() => setGroups((all) => moved(all, g, 1))}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button secondary small danger-text"
                    aria-label={fill(editorWords.removeGroup, { group: title })}
                    onClick={() => setGroups((all) => all.filter((_, i) => i !== g))}
                  >
                    {editorWords.remove}
                  </button>
                </span>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="option-add">
        {hasSizeGroup ? null : (
          <button
            type="button"
            className="button secondary"
            disabled={full}
            onClick={() => {
              const sizes: GroupDraft = {
                key: key(),
                name: editorWords.sizesGroup,
                min: 1,
                max: 1,
                choices: [blankChoice(editorWords.sizeSmall), blankChoice(editorWords.sizeLarge)],
              };
              focusAfter.current = `choice-${sizes.choices[0]!.key}`;
              setGroups((all) => [sizes, ...all]);
            }}
          >
            {editorWords.addSizes}
          </button>
        )}
        <button
          type="button"
          className="button secondary"
          disabled={full}
          onClick={() => {
            const group: GroupDraft = {
              key: key(),
              name: "",
              min: 0,
              max: 1,
              choices: [blankChoice()],
            };
            focusAfter.current = `group-${group.key}`;
            setGroups((all) => [...all, group]);
          }}
        >
          {editorWords.addChoiceGroup}
        </button>
      </div>
    </fieldset>
  );
}

/** A labelled text field of the options, with its hint and error. */
function OptionTextField({
  label,
  labelSuffix = "",
  labelShown = true,
  name,
  value,
  error,
  hint,
  focusKey,
  inputMode,
  className = "",
  onChange,
}: {
  label: string;
  /** Read by screen readers only, so that each choice's fields have names of their own. */
  labelSuffix?: string;
  /** Choices after the first line up under the first one's labels. */
  labelShown?: boolean;
  name: string;
  value: string;
  error?: string;
  hint?: string;
  focusKey?: string;
  inputMode?: "decimal";
  className?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].join(" ").trim();
  return (
    <div className={`field ${className}`.trim()}>
      <label htmlFor={id} className={labelShown ? undefined : "visually-hidden"}>
        {label}
        {labelSuffix ? <span className="visually-hidden">{labelSuffix}</span> : null}
      </label>
      <input
        id={id}
        name={name}
        value={value}
        autoComplete="off"
        inputMode={inputMode}
        maxLength={inputMode ? PRICE_CHANGE_MAX_LENGTH : OPTION_NAME_MAX_LENGTH}
        data-focus-key={focusKey}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
