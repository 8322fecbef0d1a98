import { randomBytes } from "node:crypto";
import { argon2id, argon2Verify } from "hash-wasm";

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

/**
 * argon2id at the OWASP floor (19 MiB, t=2, p=1). The WebAssembly build runs unchanged on x64 and arm64 Lambdas,
 * with no native binary to ship (docs/adr/0002-password-hashing.md).
 */
const PARAMS = { iterations: 2, parallelism: 1, memorySize: 19 * 1024, hashLength: 32 } as const;

export const argon2idHasher: PasswordHasher = {
  hash: (password) => argon2id({ ...PARAMS, password, salt: randomBytes(16), outputType: "encoded" }),
  verify: (password, hash) => argon2Verify({ password, hash }),
};
