import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The routes of 1§2. A screen joins here, and in app/lib/menu.ts BUILT_PATHS, when it is built. */
export default [
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  layout("routes/shell.tsx", [index("routes/dashboard.tsx")]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
