import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "playwright-report/", "test-results/"] },
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
);
