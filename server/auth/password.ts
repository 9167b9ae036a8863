// argon2id via hash-wasm: pure WebAssembly, so it also runs on Deno Deploy.
import { argon2id, argon2Verify } from "hash-wasm";

export interface PasswordCost {
  memorySize: number;
  iterations: number;
}

/** OWASP's argon2id minimum: 19 MiB, 2 passes. */
export const DEFAULT_COST: PasswordCost = { memorySize: 19 * 1024, iterations: 2 };

export function hashPassword(password: string, cost = DEFAULT_COST): Promise<string> {
  return argon2id({
    password,
    salt: crypto.getRandomValues(new Uint8Array(16)),
    parallelism: 1,
    hashLength: 32,
    outputType: "encoded",
    ...cost,
  });
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return argon2Verify({ password, hash });
}
