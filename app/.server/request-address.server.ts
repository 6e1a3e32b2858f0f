import { data, matchRoutes } from "react-router";
import { AREAS, builtAreas, SHELL_PAGES, SHELL_RESOURCES, type Area, type ShellPage } from "~/lib/areas";
import type { AccessArea } from "~/lib/access-kinds";
import { errorsTexts } from "~/lib/texts/errors";

/** One reading of a signed-in request's address, by React Router's own matcher, shared by the whānau check, the access record and the page (decisions/392). */

/** A signed-in address and what a request of it reaches. */
interface Address {
  path: string;
  /** A page of the shell (recorded as a view when answered) rather than a step, file or download. */
  page?: ShellPage;
  /** The area of a step, file or download. */
  area?: AccessArea;
}

/** What a page view records: its area, and the one item it shows where it shows one. */
export interface PageView {
  area: AccessArea;
  itemId: string | null;
}

export interface RequestAddress {
  /** The parameters, each given once (`_routes` and `index`, React Router's own, left out). */
  search: URLSearchParams;
  /** The page view a 200 answer records; null for an address that is no page. */
  view: PageView | null;
  /** The area the address belongs to (a page's, a step's, a file's); null for none of the portal's signed-in addresses. */
  area: AccessArea | null;
}

const tables = new WeakMap<readonly Area[], Address[]>();

/** Every signed-in address of the portal: the areas' screens and their other routes, the shell's pages and resources. */
function addressesOf(areas: readonly Area[]): Address[] {
  let table = tables.get(areas);
  if (!table) {
    const built = builtAreas(areas);
    table = [
      ...built.map((area) => ({ path: area.path, page: { access: area.access } })),
      ...Object.entries(SHELL_PAGES).map(([path, page]) => ({ path, page })),
      ...Object.entries(SHELL_RESOURCES).map(([path, area]) => ({ path, area })),
      ...built.flatMap((area) => Object.keys(area.routes ?? {}).map((path) => ({ path: `/${path}`, area: area.access }))),
    ];
    tables.set(areas, table);
  }
  return table;
}

/**
 * The path the router matches for this request: a data request's page, as React Router reads it with
 * `v8_trailingSlashAwareDataRequests` (react-router.config.ts): `/reports.data` is `/reports`, `/reports/_.data` `/reports/`.
 */
function routedPath(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** The address an address's path names, matched as the router matches it (without case, after decoding); null for none. */
function matchOf(pathname: string, areas: readonly Area[]): Address | null {
  const table = addressesOf(areas);
  const matches = matchRoutes(
    table.map((address, n) => ({ id: String(n), path: address.path })),
    routedPath(pathname),
  );
  const id = matches?.[0]?.route.id;
  return id === undefined ? null : table[Number(id)];
}

/** The parameters without React Router's own, and the first name given more than once (null when none is). */
function parametersOf(url: URL): { search: URLSearchParams; repeated: string | null } {
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  search.delete("index");
  const seen = new Set<string>();
  for (const name of search.keys()) {
    if (seen.has(name)) return { search, repeated: name };
    seen.add(name);
  }
  return { search, repeated: null };
}

/** The address of a URL, whether or not a parameter repeats (the pure reading; requests go through requestAddressOf). */
export function addressOfUrl(url: URL, areas: readonly Area[] = AREAS): RequestAddress & { repeated: string | null } {
  const { search, repeated } = parametersOf(url);
  const address = matchOf(url.pathname, areas);
  const page = address?.page;
  const view = !page ? null : "item" in page ? page.item(search) : { area: page.access, itemId: null };
  return { search, view, area: view?.area ?? address?.area ?? null, repeated };
}

const parsed = new WeakMap<Request, RequestAddress>();

/**
 * The request's address, read once (every later call answers the same object). A parameter named
 * more than once is refused with 400 and words: whoever reads it reads the one value.
 */
export function requestAddressOf(request: Request): RequestAddress {
  let address = parsed.get(request);
  if (!address) {
    const { repeated, ...read } = addressOfUrl(new URL(request.url));
    if (repeated !== null) throw data({ message: errorsTexts.repeatedParameter }, { status: 400, headers: { "Cache-Control": "no-store" } });
    address = read;
    parsed.set(request, address);
  }
  return address;
}
