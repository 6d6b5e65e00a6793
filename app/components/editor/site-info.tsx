import { editorWords } from "~/lib/i18n/portal/editor";
import { DEFAULT_IMAGE_TARGET_BYTES } from "~/lib/limits";
import type { SaveInfoResult } from "~/lib/profile-info";
import { siteOf, type ProductType } from "~/sites";
import type { OwnInfoFields } from "~/sites/site";
import { ImageUploader } from "../image-uploader";
import { ProfileEditor, type ProfileEditorValues } from "../profile-editor";

const SITE_IMAGES = [
  {
    target: "logo",
    label: editorWords.logo,
    nameInSentence: editorWords.logoInSentence,
    alt: editorWords.currentLogo,
    shape: "square",
  },
  {
    target: "background",
    label: editorWords.background,
    nameInSentence: editorWords.backgroundInSentence,
    alt: editorWords.currentBackground,
    shape: "wide",
  },
] as const;

/**
 * The Info tab of the restaurant and shop editors: the shared info form, and
 * the logo and background, which are uploaded (each on its own, with progress).
 */
export function SiteInfo({
  productId,
  type,
  values,
  ownValues,
  result,
}: {
  productId: string;
  type: ProductType;
  values: ProfileEditorValues;
  ownValues: OwnInfoFields;
  result: SaveInfoResult | undefined;
}) {
  // Said before the reason when an image upload fails.
  const failureMessage = siteOf(type).info.failedMessage;
  return (
    <div className="site-info">
      <ProfileEditor type={type} values={values} ownValues={ownValues} result={result} />
      <section className="image-fields" aria-labelledby="site-images-title">
        <h2 id="site-images-title">{editorWords.logoAndBackground}</h2>
        {SITE_IMAGES.map(({ target, label, nameInSentence, alt, shape }) => {
          const url = target === "logo" ? values.logoUrl : values.bgUrl;
          return (
            <ImageUploader
              key={target}
              productId={productId}
              target={target}
              label={label}
              image={url ? { url, alt, nameInSentence } : null}
              shape={shape}
              targetBytes={DEFAULT_IMAGE_TARGET_BYTES}
              failureMessage={failureMessage}
            />
          );
        })}
      </section>
    </div>
  );
}
