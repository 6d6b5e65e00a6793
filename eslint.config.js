import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores([
    "build/",
    ".react-router/",
    "reports/",
    "drizzle/",
    "data/",
    ".e2e-data/",
    "test-results/",
    "playwright-report/",
    "bench/results/",
  ]),

  js.configs.recommended,
  // Type-aware: the rules read the route types from `react-router typegen`, which
  // `npm run lint` runs first.
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `const { a: _a, ...rest } = x` is how a field is left out of a copy.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { ignoreRestSiblings: true, argsIgnorePattern: "^_" },
      ],
      // React Router's loaders and actions throw `redirect(...)` (a Response) and
      // `data(...)` to stop and answer; that is the framework's API, not a lost Error.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
      // Passing on an error we were handed (typed `unknown`) is not inventing a non-Error.
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingUnknown: true }],
      // Off: `async` here marks functions that fulfil a Promise-returning contract
      // (route loaders, storage and encoder fakes, auth hooks) without awaiting
      // anything; dropping it would turn their throws into synchronous ones.
      "@typescript-eslint/require-await": "off",
    },
  },

  {
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["**/*.tsx"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
  },

  // Plain JavaScript is not type-checked (tsconfig has checkJs off), so its values are
  // all `any` to the type-aware rules: lint it without them.
  {
    files: ["**/*.{js,mjs,cjs}"],
    extends: [tseslint.configs.disableTypeChecked],
  },

  // What a site type can do belongs to its definition (app/sites/{type}/site.ts, read through
  // the registry; decision 12): code elsewhere asks the definition instead of naming a type.
  // Naming one as data (a seed's site, the catalogue's entries, the example sites) stays allowed.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: [
      "app/sites/**",
      "app/**/*.test.{ts,tsx}",
      "app/lib/catalog.ts",
      "app/lib/example-sites.ts",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "BinaryExpression > Literal.left",
          "BinaryExpression > Literal.right",
          "SwitchCase > Literal.test",
          "ConditionalExpression > Literal",
          "ArrayExpression > Literal",
          "TSUnionType > TSLiteralType > Literal",
        ].map((context) => ({
          selector: `${context}[value=/^(restaurant|shoppy|dealership|ecommerce)$/]`,
          message:
            "Ask the site type's definition (siteOf, ALL_SITES in app/sites) what a type can do instead of naming the type.",
        })),
      ],
    },
  },

  // The portal's pages hold an event stream open, so the network never goes idle there: a
  // browser test waits for what its user waits for (the hydration mark, a heading, a response).
  {
    files: ["tests/e2e/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[value='networkidle']",
          message:
            "Wait for what the user waits for (waitForHydration, a heading, a response), not for the network to go idle.",
        },
      ],
    },
  },
);
