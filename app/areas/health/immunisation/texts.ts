/** Immunisation (2§2, 2§4): the page's own words, apart from the health screens' shared ones (../texts.ts). */
export const immunisationTexts = {
  immunisation: "Immunisation",
  immunisationPageTitle: "Immunisation – Patient Portal",
  immunisations: "Immunisations",
  immunisationTabs: { due: "Due", overdue: "Overdue", administered: "Administered", all: "All" },
  /** A tab's heading and list: "Due immunisations". */
  tabImmunisations: (tab: string) => `${tab} immunisations`,
  print: "Print",
  /** Read after Print by a screen reader: "Print due immunisations". */
  printWhat: (tab: string) => ` ${tab} immunisations`,
  immunisationsShown: (shown: number, total?: number) => (total === undefined ? `Showing ${shown} immunisations.` : `Showing ${shown} of ${total} immunisations.`),
  moreImmunisations: "Show more immunisations",
  immunisationStates: { Overdue: "Overdue", Due: "Due", Administered: "Administered", Declined: "Declined" },
  /** The date's label by the immunisation's state (2§4). */
  given: "Given",
  wasDue: "Was Due",
  due: "Due",
  indication: "Indication",
  vaccinator: "Vaccinator",
} as const;
