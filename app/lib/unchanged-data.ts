/** Address changes that change nothing a loader reads, told by each screen's own rule, so the shell names no area (decisions/344). */
type Rule = (currentUrl: URL, nextUrl: URL) => boolean;

const rules = new Set<Rule>();

export function keepLoaderDataWhen(rule: Rule): void {
  rules.add(rule);
}

export function readsNothingNew(currentUrl: URL, nextUrl: URL): boolean {
  for (const rule of rules) if (rule(currentUrl, nextUrl)) return true;
  return false;
}
