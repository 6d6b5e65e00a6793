import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // Marketing and sign-in pages, in the site layout with the site nav.
  layout("routes/marketing/layout.tsx", [
    index("routes/marketing/home.tsx"),
    route("product/:id", "routes/marketing/product.tsx"),
    route("signin", "routes/auth/signin.tsx"),
    route("register", "routes/auth/register.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("verify-email", "routes/auth/verify-email.tsx"),
    // An owner's invitation to work on their site (app/server/access/staff.server.ts).
    route("invite/:token", "routes/auth/invitation.tsx"),
    // Anything else, including unknown paths under /user.
    route("*", "routes/marketing/not-found.tsx"),
  ]),
  route("signout", "routes/auth/signout.tsx"),

  // The owner portal: guarded, with the portal nav.
  route("user", "routes/portal/layout.tsx", [
    index("routes/portal/products.tsx"),
    // SPEC sends owners to /user/products after a delete; it is the same page.
    route("products", "routes/portal/products.tsx", { id: "routes/portal/products-alias" }),
    route("info", "routes/portal/info.tsx"),
    route("share/:pid", "routes/portal/share.tsx"),
    route("domain/:pid", "routes/portal/domain.tsx"),
    // The people who work on a site, for its owner.
    route("staff/:pid", "routes/portal/staff.tsx"),
    route("create", "routes/portal/create.tsx"),
    route("orders", "routes/portal/orders.tsx"),
    // The devices notified of new orders (app/server/push/).
    route("push", "routes/portal/push.ts"),
    // Card payments of a site: connect its Stripe account, come back from onboarding, choose.
    route("payments/:pid", "routes/portal/card-payments.ts"),
    // The owner's orders as CSV for a range of days.
    route("orders/export", "routes/portal/orders-export.ts"),
    // A restaurant's table bookings, one day at a time, and as CSV for a range of days.
    route("bookings", "routes/portal/bookings.tsx"),
    route("bookings/export", "routes/portal/bookings-export.ts"),
    route(":type/setup/:pid?", "routes/portal/setup.tsx"),
    route(":type/languages/:pid", "routes/portal/languages.tsx"),
    route(":type/languages/:pid/csv", "routes/portal/languages-csv.ts"),
    // Resource routes, guarded like the pages: delete, a shared link, image uploads, the live-update stream.
    route("delete/:pid", "routes/portal/delete-product.ts"),
    route("link-shared/:pid", "routes/portal/link-shared.ts"),
    route("upload/:pid", "routes/portal/upload.ts"),
    route("events", "routes/portal/events.ts"),
    // An editor's items as CSV, and the template to fill in.
    route("items-csv/:pid", "routes/portal/items-csv.ts"),
    route("items-csv/:pid/template", "routes/portal/items-csv.ts", {
      id: "routes/portal/items-csv-template",
    }),
  ]),

  // Printables of a site: guarded like the portal, without its nav, one page of paper each.
  layout("routes/print/layout.tsx", [
    route("user/share/:pid/print/:format", "routes/print/printable.tsx"),
    // An order's kitchen ticket, on an 80 mm receipt printer or on A4.
    route("user/orders/:orderId/ticket/:paper", "routes/print/order-ticket.tsx"),
    // A restaurant's bookings of a day, on A4.
    route("user/bookings/:pid/sheet/:date", "routes/print/booking-sheet.tsx"),
  ]),

  // Public sites, one per site type (app/sites/{type}/): no top nav.
  route("r/:slugId", "sites/restaurant/public-page.tsx"),
  route("s/:slugId", "sites/shoppy/public-page.tsx"),
  route("d/:slugId", "sites/dealership/public-page.tsx"),
  route("e/:slugId", "sites/ecommerce/public-page.tsx"),
  // A site's page in one of its further languages (docs/decisions/0026-site-translations.md).
  route("r/:slugId/:lang", "sites/restaurant/public-page.tsx", { id: "restaurant-language" }),
  route("s/:slugId/:lang", "sites/shoppy/public-page.tsx", { id: "shop-language" }),
  route("d/:slugId/:lang", "sites/dealership/public-page.tsx", { id: "dealership-language" }),
  route("e/:slugId/:lang", "sites/ecommerce/public-page.tsx", { id: "ecommerce-language" }),

  // Ordering from a restaurant or a shop, and an order's status page (app/server/orders/).
  route("r/:slugId/order", "routes/orders/order-page.tsx", { id: "restaurant-order" }),
  route("s/:slugId/order", "routes/orders/order-page.tsx", { id: "shop-order" }),
  // The same in one of the site's further languages, from that language's page.
  route("r/:slugId/:lang/order", "routes/orders/order-page.tsx", {
    id: "restaurant-language-order",
  }),
  route("s/:slugId/:lang/order", "routes/orders/order-page.tsx", { id: "shop-language-order" }),
  // Booking a table at a restaurant, and a booking's own page (app/server/bookings/).
  route("r/:slugId/book", "routes/bookings/book-page.tsx", { id: "restaurant-book" }),
  route("r/:slugId/:lang/book", "routes/bookings/book-page.tsx", {
    id: "restaurant-language-book",
  }),
  route("b/:token", "routes/bookings/booking-page.tsx"),
  route("b/:token/calendar.ics", "routes/bookings/booking-ics.ts"),
  route("o/:token", "routes/orders/order-status.tsx"),
  route("o/:token/state", "routes/orders/order-state.ts"),
  // On to the payment provider's checkout, and back from it given up (app/server/payments/).
  route("o/:token/pay", "routes/orders/checkout-hand-off.ts"),
  route("o/:token/checkout-cancelled", "routes/orders/checkout-cancelled.ts"),
  // A restaurant's private calendar feed of its bookings (`{secret}.ics`): the secret is the key.
  route("calendar/:file", "routes/calendar-feed.ts"),
  // The payment provider's signed events (Stripe Connect's webhook endpoint).
  route("webhooks/stripe", "routes/webhooks/stripe.ts"),
] satisfies RouteConfig;
