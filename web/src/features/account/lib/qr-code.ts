/**
 * The otpauth:// URL as a QR code image, drawn here in the browser: the secret never goes to a third-party service.
 * The library loads only when someone sets up two-factor sign-in.
 */
export async function qrCodeImage(otpauthUrl: string): Promise<string> {
  const QRCode = await import("qrcode");
  const svg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
