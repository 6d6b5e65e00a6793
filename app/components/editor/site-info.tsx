import { DEFAULT_IMAGE_TARGET_BYTES } from "~/lib/limits";
import type { SaveInfoResult } from "~/lib/profile-info";
import { siteOf, type ProductType } from "~/sites";
import type { OwnInfoFields } from "~/sites/site";
import { ImageUploader } from "../image-uploader";
import { ProfileEditor, type ProfileEditorValues } from "../profile-editor";

const SITE_IMAGES = [
  { target: "logo", label: "Logo", className: "image-preview logo", width: 120, height: 120 },
  {
    target: "background",
    label: "Background",
    className: "image-preview",
    width: 320,
    height: 180,
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
        <h2 id="site-images-title">Logo and background</h2>
        {SITE_IMAGES.map(({ target, label, className, width, height }) => {
          const url = target === "logo" ? values.logoUrl : values.bgUrl;
          return (
            <div key={target} className="image-field">
              {url ? (
                <img
                  className={className}
                  src={url}
                  alt={`Current ${label.toLowerCase()}`}
                  width={width}
                  height={height}
                />
              ) : (
                <p className="muted">No {label.toLowerCase()} yet.</p>
              )}
              <ImageUploader
                productId={productId}
                target={target}
                label={label}
                targetBytes={DEFAULT_IMAGE_TARGET_BYTES}
                failureMessage={failureMessage}
              />
            </div>
          );
        })}
      </section>
    </div>
  );
}
