import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The routes of 1§2. A screen joins here, and in app/lib/menu.ts BUILT_PATHS, when it is built. */
export default [
  // Signed out only.
  route("login", "routes/login.tsx"),
  route("login/flow", "routes/login-flow.ts"),
  route("login/help", "routes/login-help.ts"),
  route("loginSwitch/:q", "routes/login-switch.ts"),
  route("forgetPassword", "routes/forget-password.tsx"),
  route("resetpassword", "routes/reset-password.tsx"),
  route("signup", "routes/signup.tsx"),
  route("captcha", "routes/captcha.ts"),
  route("logout", "routes/logout.tsx"),
  // Signed in only.
  layout("routes/shell.tsx", [index("routes/dashboard.tsx"), route("profile", "routes/profile.tsx"), route("profile-old", "routes/profile-old.tsx"), route("accounts", "routes/accounts.tsx")]),
  route("accounts/pay", "routes/accounts-pay.ts"),
  route("accounts/invoice/:id", "routes/accounts-invoice.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
