import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { CopyLinkButton } from "~/components/copy-link-button";
import { DeleteProductDialog } from "~/components/delete-product-dialog";
import { ImageUploader } from "~/components/image-uploader";
import {
  ProfileEditor,
  type ProfileEditorResult,
  type ProfileEditorValues,
} from "~/components/profile-editor";
import { servicesContext } from "~/context";
import {
  DEFAULT_IMAGE_TARGET_BYTES,
  ITEM_IMAGE_TARGET_BYTES,
  MAX_IMAGES_PER_ITEM,
} from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import { profileInfoSchema, toProfileInfo } from "~/lib/profile-info";
import { isProductType, PRODUCT_TYPE_LABEL } from "~/lib/product-types";
import { requireOwnedProduct } from "~/server/ownership.server";
import {
  listItemImages,
  loadProductInfo,
  saveProductInfo,
} from "~/server/repositories/products.server";
import { publicLink } from "~/server/site-config.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? `Edit ${args.data.name}` : "Editor",
    description: "Edit your site.",
    noIndex: true,
  });

/** Restaurants and shops upload their images; dealership and e-commerce profiles type URLs. */
const UPLOADS_IMAGES = new Set(["restaurant", "shoppy"]);

const INFO_IMAGES = [
  { target: "logo", label: "Logo", className: "image-preview logo", width: 120, height: 120 },
  {
    target: "background",
    label: "Background",
    className: "image-preview",
    width: 320,
    height: 180,
  },
] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isProductType(params.type)) throw data({ message: MESSAGES.pageNotFound }, { status: 404 });
  const { product } = await requireOwnedProduct(context, params.pid, params.type);
  const { db, env } = context.get(servicesContext);
  const itemImages = UPLOADS_IMAGES.has(product.type) ? await listItemImages(db, product.id) : [];
  // One read of the info row: its images for every type, the whole form for
  // dealership and e-commerce profiles, which are edited here in a single form.
  let info: Awaited<ReturnType<typeof loadProductInfo>> = null;
  let loadError: string | null = null;
  try {
    info = await loadProductInfo(db, product.id);
    if (!info) throw new Error("info row missing");
  } catch (error) {
    console.error("loading info failed:", error);
    loadError = MESSAGES.failedToLoad;
  }
  const profile: ProfileEditorValues | null =
    info && !UPLOADS_IMAGES.has(product.type)
      ? {
          name: info.name,
          phone: info.contact.phone,
          email: info.contact.email,
          address: info.address,
          logoUrl: info.logoUrl,
          bgUrl: info.bgUrl,
          colors: info.colors,
          hours: info.hours,
        }
      : null;
  return {
    profile,
    loadError,
    id: product.id,
    name: product.name,
    type: product.type,
    logoUrl: info?.logoUrl ?? "",
    bgUrl: info?.bgUrl ?? "",
    itemImages,
    // Set when an upload without JavaScript failed and came back here.
    uploadError: new URL(request.url).searchParams.get("upload-error"),
    ...publicLink(env, product.type, product.slug, product.id),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { owner, product } = await requireOwnedProduct(context, params.pid);
  const formData = await request.formData();
  if (formData.get("intent") !== "save-info" || UPLOADS_IMAGES.has(product.type)) {
    return data<ProfileEditorResult>({ error: MESSAGES.failedToSaveInfo }, { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: profileInfoSchema });
  if (submission.status !== "success") {
    return data<ProfileEditorResult>(
      { error: MESSAGES.failedToSaveInfo, fieldErrors: submission.error ?? {} },
      { status: 400 },
    );
  }
  const { info, colorsFellBack } = toProfileInfo(submission.value);
  try {
    await saveProductInfo(context.get(servicesContext).db, owner.id, product.id, info);
  } catch (error) {
    console.error("saving info failed:", error);
    return data<ProfileEditorResult>({ error: MESSAGES.failedToSaveInfo }, { status: 500 });
  }
  return { saved: true, colorsFellBack } satisfies ProfileEditorResult;
}

// Each site type's editor fills this page; the shared header and Delete are already here.
export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container">
      <div className="page-header">
        <div>
          <h1>{loaderData.name}</h1>
          <p className="muted">{PRODUCT_TYPE_LABEL[loaderData.type]} editor</p>
        </div>
        <div className="card-actions">
          <a
            className="button secondary"
            href={loaderData.publicPath}
            target="_blank"
            rel="noreferrer"
          >
            View Public
          </a>
          <CopyLinkButton
            url={loaderData.publicUrl}
            label={`Copy the public link of ${loaderData.name}`}
          />
          <DeleteProductDialog productId={loaderData.id} name={loaderData.name} />
        </div>
      </div>
      {loaderData.loadError ? (
        <p className="alert error" role="alert">
          {loaderData.loadError}
        </p>
      ) : null}
      {loaderData.profile ? (
        <ProfileEditor values={loaderData.profile} result={actionData} />
      ) : null}
      {loaderData.uploadError ? (
        <p className="alert error" role="alert">
          {MESSAGES.failedToSaveInfo} {loaderData.uploadError}
        </p>
      ) : null}
      {UPLOADS_IMAGES.has(loaderData.type) ? (
        <section className="image-fields" aria-label="Images">
          {INFO_IMAGES.map(({ target, label, className, width, height }) => {
            const url = target === "logo" ? loaderData.logoUrl : loaderData.bgUrl;
            return (
              <div key={target}>
                {url ? (
                  <img
                    className={className}
                    src={url}
                    alt={`Current ${label.toLowerCase()}`}
                    width={width}
                    height={height}
                  />
                ) : null}
                <ImageUploader
                  productId={loaderData.id}
                  target={target}
                  label={label}
                  targetBytes={DEFAULT_IMAGE_TARGET_BYTES}
                  failureMessage={MESSAGES.failedToSaveInfo}
                />
              </div>
            );
          })}
        </section>
      ) : null}
      {loaderData.itemImages.length > 0 ? (
        <section aria-labelledby="item-photos-title">
          <h2 id="item-photos-title">Item photos</h2>
          <ul className="item-photos">
            {loaderData.itemImages.map((item) => {
              const shoppy = loaderData.type === "shoppy";
              const current = shoppy ? item.images : item.imageUrl ? [item.imageUrl] : [];
              return (
                <li key={item.id} className="card">
                  <div className="thumbs">
                    {current.map((url, i) => (
                      <img
                        key={url}
                        src={url}
                        alt={`${item.name}, photo ${i + 1}`}
                        width={64}
                        height={64}
                      />
                    ))}
                  </div>
                  <ImageUploader
                    productId={loaderData.id}
                    target={shoppy ? "item-images" : "item-image"}
                    itemId={item.id}
                    label={
                      shoppy
                        ? `Photos of ${item.name} (up to ${MAX_IMAGES_PER_ITEM})`
                        : `Photo of ${item.name}`
                    }
                    multiple={shoppy}
                    targetBytes={ITEM_IMAGE_TARGET_BYTES}
                    failureMessage={
                      shoppy ? MESSAGES.failedToUploadImages : MESSAGES.failedToReplaceImage
                    }
                  />
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <p>
        <Link to="/user">Back to Your Products</Link>
      </p>
    </div>
  );
}
