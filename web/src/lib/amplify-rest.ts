/** Amplify's REST client, configured for our API. Loaded by api-client.ts on the first request. */
import { API_BASE_PATH } from "@jengafund/shared";
import { Amplify } from "aws-amplify";
import { del, get, post, put } from "aws-amplify/api";

export const API_NAME = "jengafund";

Amplify.configure(
  // Same origin in every environment: CloudFront forwards /api in AWS, Vite proxies it locally.
  { API: { REST: { [API_NAME]: { endpoint: `${window.location.origin}${API_BASE_PATH}` } } } },
  {
    API: {
      REST: {
        // Our own JWT travels in the Authorization header; there is no Cognito session or IAM signing to resolve.
        defaultAuthMode: "none",
        // Amplify retries 429 and 5xx by default: a retried purchase or deposit could apply twice, and a retried
        // login would defeat the throttling. Callers decide whether to try again.
        retryStrategy: { strategy: "no-retry" },
      },
    },
  },
);

export const operations = { GET: get, POST: post, PUT: put, DELETE: del } as const;
