// TOTP (RFC 6238, 30 s steps, 6 digits) with replay refusal by time step.
import { generate, generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

export const ISSUER = "Gate Bot";

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, username: string): string {
  return generateURI({ issuer: ISSUER, label: username, secret });
}

export function totpQrDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { margin: 1, width: 220 });
}

/** The code for a moment; tests and the demo seed use it. */
export function totpCode(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/**
 * The time step the code belongs to, or null when it is wrong or was already used
 * (a step at or before `afterStep`). One step of drift either way is allowed.
 */
export async function checkTotp(
  secret: string,
  code: string,
  at: Date,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: 30,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
