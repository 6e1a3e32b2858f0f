import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "playwright-report/", "test-results/", "zoom-client/dist/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Playwright fixtures must destructure their (possibly empty) dependencies.
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.property.name='extension'][computed=true][property.type='Literal']",
          message: "Positional extensions are read through the slot layouts in contract/ only.",
        },
      ],
    },
  },
  {
    files: ["contract/**"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // The browser bundle never reaches the mock server, nor server-only code outside *.server.ts.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/mock-server/**"], message: "The portal never imports the mock server." }] }],
    },
  },
  // Layer rules (issue 11): types two layers share live in the lower one (contract/ or app/lib).
  // Each block restates the mock-server ban, since a later no-restricted-imports replaces an earlier one.
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/mock-server/**"], message: "The portal never imports the mock server." },
            { regex: "(^|/)routes/", message: "A component never imports a route module: move the shared type to app/lib (layer-routes)." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/.server/**/*.ts", "app/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/mock-server/**"], message: "The portal never imports the mock server." },
            { regex: "(^|/)components/", message: "Server code never imports components: move the shared type to app/lib (layer-components)." },
          ],
        },
      ],
    },
  },
  {
    files: ["machines/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // Relative imports that leave machines/ for anywhere but app/lib and contract/ (packages stay allowed).
              regex: "^\\.\\./(?!(app/lib|contract)(/|$))",
              message: "A machine imports only app/lib, contract/ and packages (layer-machines).",
            },
            { regex: "^~/(?!lib(/|$))", message: "A machine imports only app/lib, contract/ and packages (layer-machines)." },
          ],
        },
      ],
    },
  },
  {
    // app/lib is the bottom of the portal: it imports only itself, contract/ and packages, so that
    // it can never close a cycle with a machine, a component or server code.
    files: ["app/lib/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./(?!\\.\\./contract(/|$))", message: "app/lib imports only app/lib, contract/ and packages (layer-lib)." },
            { regex: "^~/(?!lib(/|$))", message: "app/lib imports only app/lib, contract/ and packages (layer-lib)." },
          ],
        },
      ],
    },
  },
);
