/** The payments bus's event source: shared by the publisher, the CDK rule and the local bus. Plain data. */
export const EVENT_SOURCE = "jengafund.daraja";
