import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Route middleware: the portal's session guard runs once, in one place,
    // before every loader and action under /user.
    v8_middleware: true,
    // Smaller client chunks: a route's loader-free parts load on their own.
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
