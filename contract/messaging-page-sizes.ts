/**
 * The page sizes of messaging's lists (2§9: 25 for a message list, 100 for the all-messages variant),
 * beside `contract/messaging.ts` rather than in it because the browser reads them (the list's window,
 * the page step's bound) and this file, unlike the contract's schemas, costs the page nothing
 * (decisions/342). Page numbers start at 1.
 */
export const messagingPageSizes = {
  messages: 25,
  allMessages: 100,
} as const;
