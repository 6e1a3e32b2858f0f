/**
 * The page size of messaging's lists (2§9: 25 for a message list), beside `contract/messaging.ts`
 * rather than in it because the browser reads it (the list's window, the page step's bound) and this
 * file, unlike the contract's schemas, costs the page nothing (decisions/342). Page numbers start at 1.
 * 2§9's all-messages variant (100) has no screen in the portal, so no size is declared for it
 * (decisions/359).
 */
export const messagingPageSizes = {
  messages: 25,
} as const;
