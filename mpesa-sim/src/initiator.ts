import type { SimulatorConfig } from "./config.js";

/**
 * What the initiator APIs (B2C, Transaction Status, Account Balance) share: the operator check, the synchronous
 * acknowledgement and the asynchronous `Result` envelope (mpesa.md §1.6–§1.8).
 */
export interface ResultParameter {
  Key: string;
  Value?: string | number;
}

export interface ResultEnvelope {
  Result: {
    ResultType: number;
    ResultCode: number;
    ResultDesc: string;
    OriginatorConversationID: string;
    ConversationID: string;
    TransactionID: string;
    ResultParameters?: { ResultParameter: ResultParameter[] };
    ReferenceData: { ReferenceItem: ResultParameter };
  };
}

export function resultEnvelope(fields: {
  resultCode: number;
  resultDesc: string;
  originatorConversationId: string;
  conversationId: string;
  transactionId: string;
  parameters?: ResultParameter[];
  referenceItem: ResultParameter;
}): ResultEnvelope {
  return {
    Result: {
      // 0 = completed; 1 would mean "more messages follow", which the simulator never does.
      ResultType: 0,
      ResultCode: fields.resultCode,
      ResultDesc: fields.resultDesc,
      OriginatorConversationID: fields.originatorConversationId,
      ConversationID: fields.conversationId,
      TransactionID: fields.transactionId,
      ...(fields.parameters ? { ResultParameters: { ResultParameter: fields.parameters } } : {}),
      ReferenceData: { ReferenceItem: fields.referenceItem },
    },
  };
}

export function acknowledgement(conversationId: string, originatorConversationId: string) {
  return {
    ConversationID: conversationId,
    OriginatorConversationID: originatorConversationId,
    ResponseCode: "0",
    ResponseDescription: "Accept the service request successfully.",
  };
}

/**
 * Daraja cannot check the operator until M-PESA processes the request, so a wrong name or credential is accepted
 * and fails later with ResultCode 2001 (mpesa.md §1.6). The simulator cannot decrypt a SecurityCredential (it is
 * RSA-encrypted for Safaricom's certificate), but it can tell that a plaintext password is not a base64 ciphertext.
 */
export function initiatorIsValid(config: SimulatorConfig, name: string, securityCredential: string): boolean {
  const looksEncrypted = securityCredential.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(securityCredential);
  return name === config.initiatorName && looksEncrypted;
}

export const INITIATOR_INVALID = { resultCode: 2001, resultDesc: "The initiator information is invalid." };

export function kes(cents: number): number {
  return Math.round(cents) / 100;
}
