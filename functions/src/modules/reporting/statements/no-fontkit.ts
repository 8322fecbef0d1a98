/**
 * Stands in for fontkit in the Lambda bundle (functions/src/bundling.ts). pdfkit needs fontkit only to embed a font
 * file; statements draw with the standard fonts alone, so the bundle leaves fontkit, its Brotli decoder and its
 * Unicode tables out. Embedding a font would fail here, loudly.
 */
export function create(): never {
  throw new Error("Embedded fonts are not available in this bundle: statements use the standard fonts");
}
