/**
 * A site's further languages: add up to 3 besides the main one (chosen on the Info tab),
 * remove one, and translate the site's texts into each, side by side with the main
 * language on a desktop and one under the other on a phone. Plain forms: it all works
 * without JavaScript; "Untranslated only" is a link, and the counts come from the server.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { servicesContext } from "~/context";
import { siteLanguage, SITE_LANGUAGES, type SiteLanguage } from "~/lib/i18n/languages";
import {
  MAX_EXTRA_LANGUAGES,
  textLabel,
  type TranslatableText,
} from "~/lib/i18n/translatable-texts";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { languageWords } from "~/lib/i18n/portal/languages";
import { portalNumber, portalPlural } from "~/lib/i18n/portal-text";
import { fill } from "~/lib/i18n/text";
import { MESSAGES } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { publicPath } from "~/lib/slug";
import { isProductType } from "~/sites";
import { requireSite } from "~/server/access/site-access.server";
import { loadTranslatableTexts } from "~/server/editing/translatable-site.server";
import { loadProductInfo } from "~/server/repositories/products.server";
import {
  addExtraLanguage,
  loadAllTranslations,
  removeExtraLanguage,
  saveTranslations,
  storedExtraLanguages,
} from "~/server/repositories/translations.server";
import { readFormOrRefuse } from "~/server/http/forms.server";
import {
  cleanTranslation,
  parseTranslationsCsv,
  TRANSLATIONS_CSV_MAX_BYTES,
} from "~/server/editing/translations-csv.server";
import { stylesheetLinks } from "~/styles/portal-stylesheet";
import type { Route } from "./+types/languages";
import languagesStylesHref from "./languages.css?url";

export const links: Route.LinksFunction = () => stylesheetLinks(languagesStylesHref);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data
      ? fill(languageWords.pageTitle, { site: args.data.name })
      : languageWords.pageTitleNoSite,
    description: languageWords.pageDescription,
    noIndex: true,
  });

export const LANGUAGE_MESSAGES = {
  limit: fill(languageWords.limitReached, { max: MAX_EXTRA_LANGUAGES }),
  main: languageWords.alreadyMain,
  unknown: languageWords.unknownLanguage,
  missing: languageWords.siteMissing,
  notExtra: languageWords.notExtra,
  tooLong: (max: number) => fill(languageWords.tooLong, { max }),
  saved: languageWords.saved,
  imported: languageWords.imported,
  chooseFile: languageWords.chooseFile,
  importRefused: languageWords.importRefused,
} as const;

const TRANSLATIONS_FORM_MAX_BYTES = 2 * 1024 * 1024;

/** The site, its texts and its stored languages, for the loader and the action alike. */
async function siteTexts(
  context: Route.LoaderArgs["context"],
  pid: string | undefined,
  type: string | undefined,
) {
  if (!isProductType(type)) throw data({ message: MESSAGES.pageNotFound }, { status: 404 });
  const { product } = await requireSite(context, pid, "site.edit", type);
  const { db } = context.get(servicesContext);
  const info = await loadProductInfo(db, product.id);
  if (!info) throw data({ message: LANGUAGE_MESSAGES.missing }, { status: 404 });
  const texts = await loadTranslatableTexts(db, product.id, info);
  const main = siteLanguage(info.language);
  const extra = storedExtraLanguages(info.extraLanguages, main.code);
  return { product, info, texts, main, extra };
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { product, info, texts, main, extra } = await siteTexts(context, params.pid, params.type);
  const { db } = context.get(servicesContext);
  const all = await loadAllTranslations(db, product.id);
  const search = new URL(request.url).searchParams;
  const chosen = extra.find((code) => code === search.get("lang")) ?? extra[0] ?? null;
  const untranslatedOnly = search.get("untranslated") === "1";
  const sitePath = publicPath(product.type, info.slug, product.id);
  const languages = extra.map((code) => {
    const done = all.get(code) ?? new Map<string, string>();
    return {
      ...siteLanguage(code),
      translated: texts.filter((text) => done.get(text.key)?.trim()).length,
      publicPath: `${sitePath}/${code}`,
    };
  });
  const chosenTexts = chosen ? (all.get(chosen) ?? new Map<string, string>()) : null;
  const rows = chosenTexts
    ? texts
        .map((text) => ({
          ...text,
          label: textLabel(text),
          translation: chosenTexts.get(text.key) ?? "",
        }))
        .filter((row) => !untranslatedOnly || !row.translation.trim())
    : [];
  return {
    id: product.id,
    type: product.type,
    name: product.name,
    main,
    languages,
    addable: SITE_LANGUAGES.filter((l) => l.code !== main.code && !extra.includes(l.code)),
    total: texts.length,
    chosen: chosen ? siteLanguage(chosen) : null,
    untranslatedOnly,
    rows,
  };
}

type ActionIntent = "add" | "remove" | "save" | "import";
type ActionResult =
  | { intent: ActionIntent; error: string; fieldErrors?: Record<string, string>; errors?: string[] }
  | { intent: ActionIntent; ok: true; message?: string }
  | { intent: "remove"; confirm: string };

export async function action({ params, context, request }: Route.ActionArgs) {
  const { product, texts, main, extra } = await siteTexts(context, params.pid, params.type);
  const { events } = context.get(servicesContext);
  // Every text of a 50-item menu in a script of 3-byte letters, percent-encoded, fits; so
  // does a CSV file of them in every language.
  let file: Uint8Array | null = null;
  const form = await readFormOrRefuse(request, {
    maxBytes: TRANSLATIONS_FORM_MAX_BYTES,
    maxFiles: 1,
    maxFileBytes: TRANSLATIONS_CSV_MAX_BYTES,
    onFile: async (upload) => {
      if (upload.fieldName === "file") file = new Uint8Array(await upload.arrayBuffer());
    },
  });
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = field("intent");
  const language = field("language");

  if (intent === "add-language") {
    const refused = await addExtraLanguage(events, product.id, language);
    if (refused) {
      return data<ActionResult>(
        { intent: "add", error: LANGUAGE_MESSAGES[refused] },
        { status: 400 },
      );
    }
    return { intent: "add", ok: true } satisfies ActionResult;
  }
  if (intent === "remove-language") {
    // Its translations go with it: the first press asks, the second (confirmed) removes.
    if (field("confirmed") !== "yes") {
      return { intent: "remove", confirm: language } satisfies ActionResult;
    }
    await removeExtraLanguage(events, product.id, language);
    return { intent: "remove", ok: true } satisfies ActionResult;
  }
  if (intent === "save-translations") {
    if (!extra.includes(language as never)) {
      return data<ActionResult>(
        { intent: "save", error: LANGUAGE_MESSAGES.notExtra },
        { status: 400 },
      );
    }
    // Only the texts the form sent (a filtered form sends some); any other key is ignored.
    const entries: Array<{ text: TranslatableText; translation: string }> = [];
    const fieldErrors: Record<string, string> = {};
    for (const text of texts) {
      const sent = form.get(`t:${text.key}`);
      if (typeof sent !== "string") continue;
      const translation = cleanTranslation(sent);
      if (translation.length > text.maxLength) {
        fieldErrors[text.key] = LANGUAGE_MESSAGES.tooLong(text.maxLength);
      }
      entries.push({ text, translation });
    }
    if (Object.keys(fieldErrors).length) {
      return data<ActionResult>(
        { intent: "save", error: languageWords.someTooLong, fieldErrors },
        { status: 400 },
      );
    }
    const saved = await saveTranslations(events, product.id, new Map([[language, entries]]));
    if (!saved) {
      return data<ActionResult>(
        { intent: "save", error: LANGUAGE_MESSAGES.notExtra },
        { status: 400 },
      );
    }
    return { intent: "save", ok: true, message: LANGUAGE_MESSAGES.saved } satisfies ActionResult;
  }
  if (intent === "import-csv") {
    const bytes = file as Uint8Array | null;
    if (!bytes || bytes.byteLength === 0) {
      return data<ActionResult>(
        { intent: "import", error: LANGUAGE_MESSAGES.chooseFile },
        { status: 400 },
      );
    }
    const parsed = parseTranslationsCsv(bytes, texts, main.code, extra);
    if (!parsed.ok) {
      return data<ActionResult>(
        { intent: "import", error: LANGUAGE_MESSAGES.importRefused, errors: parsed.errors },
        { status: 400 },
      );
    }
    if (!(await saveTranslations(events, product.id, parsed.entries))) {
      return data<ActionResult>(
        { intent: "import", error: LANGUAGE_MESSAGES.notExtra },
        { status: 400 },
      );
    }
    return {
      intent: "import",
      ok: true,
      message: LANGUAGE_MESSAGES.imported,
    } satisfies ActionResult;
  }
  return data({ error: languageWords.cannotDoThat }, { status: 400 });
}

export default function Languages({ loaderData, actionData }: Route.ComponentProps) {
  const { id, type, name, main, languages, addable, total, chosen, rows } = loaderData;
  const result = actionData as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const editor = `/user/${type}/setup/${id}`;
  const here = `/user/${type}/languages/${id}`;
  const full = languages.length >= MAX_EXTRA_LANGUAGES;
  return (
    <div className="container languages-page">
      <div className="page-header">
        <div>
          <h1>{fill(languageWords.pageTitle, { site: name })}</h1>
          <p className="muted">
            {fillNodes(languageWords.intro, {
              language: main.englishName,
              infoTab: <Link to={`${editor}?tab=info`}>{languageWords.infoTab}</Link>,
              max: MAX_EXTRA_LANGUAGES,
            })}
          </p>
        </div>
        <div className="card-actions">
          <Link className="button secondary" to={editor}>
            {languageWords.backToEditor}
          </Link>
        </div>
      </div>

      <div aria-live="polite">
        {result && "error" in result ? (
          <div className="alert error" role="alert">
            <p>{result.error}</p>
            {result.errors?.length ? (
              <ul>
                {result.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {result && "ok" in result && result.message ? (
          <p className="alert success" role="status">
            {result.message}
          </p>
        ) : null}
      </div>

      <section className="card languages-list" aria-labelledby="languages-heading">
        <h2 id="languages-heading">{languageWords.moreLanguages}</h2>
        {languages.length === 0 ? (
          <p className="muted">{languageWords.noneYet}</p>
        ) : (
          <ul>
            {languages.map((language) => (
              <li key={language.code} className="language-row">
                <span className="language-name">
                  <span lang={language.tag}>{language.name}</span>{" "}
                  <span className="muted">({language.englishName})</span>
                </span>
                <span className="language-progress">
                  {portalPlural(languageWords.progress, total, {
                    translated: portalNumber(language.translated),
                  })}
                </span>
                <span className="language-actions">
                  <Link
                    className="button secondary"
                    to={`${here}?lang=${language.code}`}
                    aria-current={chosen?.code === language.code ? "page" : undefined}
                  >
                    {languageWords.translate}
                    <span className="visually-hidden">
                      {fill(languageWords.translateHidden, { language: language.englishName })}
                    </span>
                  </Link>
                  <a
                    className="button secondary"
                    href={language.publicPath}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {languageWords.view}
                    <span className="visually-hidden">
                      {fill(languageWords.viewHidden, { language: language.englishName })}
                    </span>
                  </a>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-language" />
                    <input type="hidden" name="language" value={language.code} />
                    <button type="submit" className="button secondary danger-text" disabled={busy}>
                      {languageWords.remove}
                      <span className="visually-hidden"> {language.englishName}</span>
                    </button>
                  </Form>
                </span>
                {result && "confirm" in result && result.confirm === language.code ? (
                  <div className="language-confirm" role="alert">
                    <p>
                      {fill(languageWords.removeQuestion, {
                        language: language.englishName,
                        count: language.translated,
                      })}
                    </p>
                    <Form method="post" className="language-confirm-actions">
                      <input type="hidden" name="intent" value="remove-language" />
                      <input type="hidden" name="language" value={language.code} />
                      <input type="hidden" name="confirmed" value="yes" />
                      <button type="submit" className="button danger" disabled={busy}>
                        {fill(languageWords.removeLanguage, { language: language.englishName })}
                      </button>
                      <Link className="button secondary" to={`${here}?lang=${language.code}`}>
                        {languageWords.keepIt}
                      </Link>
                    </Form>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {full ? (
          <p className="muted">{fill(languageWords.atMost, { max: MAX_EXTRA_LANGUAGES })}</p>
        ) : (
          <Form method="post" className="language-add">
            <input type="hidden" name="intent" value="add-language" />
            <div className="field">
              <label htmlFor="add-language">{languageWords.addLanguage}</label>
              <select id="add-language" name="language" required defaultValue="">
                <option value="" disabled>
                  {languageWords.choose}
                </option>
                {addable.map((language) => (
                  <option key={language.code} value={language.code} lang={language.tag}>
                    {language.name} ({language.englishName})
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button" disabled={busy}>
              {languageWords.add}
            </button>
          </Form>
        )}
      </section>

      {languages.length > 0 ? (
        <section className="card languages-file" aria-labelledby="languages-file-heading">
          <h2 id="languages-file-heading">{languageWords.fileHeading}</h2>
          <p className="muted">{languageWords.fileIntro}</p>
          <div className="language-file-actions">
            <a className="button secondary" href={`${here}/csv`} download>
              {languageWords.downloadCsv}
            </a>
            <Form method="post" encType="multipart/form-data" className="language-import">
              <input type="hidden" name="intent" value="import-csv" />
              <div className="field">
                <label htmlFor="translations-file">{languageWords.fileToImport}</label>
                <input
                  id="translations-file"
                  type="file"
                  name="file"
                  accept=".csv,text/csv"
                  required
                />
              </div>
              <button type="submit" className="button" disabled={busy}>
                {languageWords.import}
              </button>
            </Form>
          </div>
        </section>
      ) : null}

      {chosen ? (
        <TranslationForm
          key={chosen.code}
          here={here}
          main={main}
          chosen={chosen}
          rows={rows}
          total={total}
          translated={languages.find((l) => l.code === chosen.code)?.translated ?? 0}
          untranslatedOnly={loaderData.untranslatedOnly}
          fieldErrors={result && "fieldErrors" in result ? result.fieldErrors : undefined}
          busy={busy}
        />
      ) : null}
    </div>
  );
}

function TranslationForm({
  here,
  main,
  chosen,
  rows,
  total,
  translated,
  untranslatedOnly,
  fieldErrors,
  busy,
}: {
  here: string;
  main: SiteLanguage;
  chosen: SiteLanguage;
  rows: Array<TranslatableText & { label: string; translation: string }>;
  total: number;
  translated: number;
  untranslatedOnly: boolean;
  fieldErrors?: Record<string, string>;
  busy: boolean;
}) {
  const base = `${here}?lang=${chosen.code}`;
  return (
    <section className="card translations" aria-labelledby="translations-heading">
      <div className="translations-head">
        <h2 id="translations-heading">{chosen.englishName}</h2>
        <p className="translations-count">
          {portalPlural(languageWords.progress, total, { translated: portalNumber(translated) })}
        </p>
        <p className="translations-filter">
          {untranslatedOnly ? (
            <Link to={base}>{languageWords.showAll}</Link>
          ) : (
            <Link to={`${base}&untranslated=1`}>{languageWords.showUntranslated}</Link>
          )}
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="muted">{total === 0 ? languageWords.noTexts : languageWords.allTranslated}</p>
      ) : (
        <Form method="post" className="translations-form">
          <input type="hidden" name="intent" value="save-translations" />
          <input type="hidden" name="language" value={chosen.code} />
          <p className="muted small">
            {fill(languageWords.leaveEmpty, { language: main.englishName })}
          </p>
          <ol className="translation-rows">
            {rows.map((row, index) => {
              const id = `t-${index}`;
              const error = fieldErrors?.[row.key];
              return (
                <li key={row.key} className="translation-row">
                  <div className="translation-source">
                    <span className="translation-kind">{row.label}</span>
                    <p lang={main.tag} dir={main.dir}>
                      {row.source}
                    </p>
                  </div>
                  <div className="field translation-target">
                    <label htmlFor={id}>
                      {chosen.englishName}
                      <span className="visually-hidden">: {row.source}</span>
                    </label>
                    {row.kind === "description" ? (
                      <textarea
                        id={id}
                        name={`t:${row.key}`}
                        defaultValue={row.translation}
                        rows={3}
                        maxLength={row.maxLength}
                        lang={chosen.tag}
                        dir={chosen.dir}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                      />
                    ) : (
                      <input
                        id={id}
                        name={`t:${row.key}`}
                        defaultValue={row.translation}
                        maxLength={row.maxLength}
                        lang={chosen.tag}
                        dir={chosen.dir}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                      />
                    )}
                    {error ? (
                      <p id={`${id}-error`} className="field-error">
                        {error}
                      </p>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
          <div className="translations-save">
            <button type="submit" className="button" disabled={busy}>
              {languageWords.saveTranslations}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
