import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { layers } from "./eslint-layers.js";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "playwright-report/", "test-results/", "zoom-client/dist/", "reports/", ".stryker-tmp/"] },
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
    // The browser bundle never reaches the mock server.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/mock-server/**"], message: "The portal never imports the mock server." }] }],
    },
  },
  {
    // Layer rules (eslint-layers.js): areas, shared folders, server-only modules, machines and app/lib,
    // told apart by folder role and file suffix (decisions/044 and 271).
    files: ["app/**/*.{ts,tsx}"],
    plugins: { layers },
    rules: { "layers/import-direction": "error" },
  },
);
