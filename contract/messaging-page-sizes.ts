/**
 * The page sizes of messaging's lists (2§9: 25 for a message list, 100 for the all-messages variant),
 * beside `contract/messaging.ts` rather than in it because the browser reads it (the list's window,
 * the page step's bound) and this file, unlike the contract's schemas, costs the page nothing
 * (decisions/342). Page numbers start at 1.
 */
export const messagingPageSizes = {
  messages: 25,
  /**
   * 2§7's all-messages variant of Patient/Messaging (PageSize=100): the server's own reads of a box,
   * which look for a message sent or deleted whose reply proved nothing (decisions/215, 363), read in
   * one call what four pages of the list did (decisions/369).
   */
  allMessages: 100,
} as const;
