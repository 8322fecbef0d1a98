/**
 * A PDF's text read back with Mozilla's pdf.js, page by page and line by line (text items on one baseline joined
 * with " | "), so a test can sum what the paper shows rather than trust what was passed to the renderer.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** pdf.js's own metrics of the standard fonts the statement uses (it embeds none). */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

export async function pdfLines(pdf: Uint8Array): Promise<string[][]> {
  const task = getDocument({ data: new Uint8Array(pdf), standardFontDataUrl });
  const document = await task.promise;
  const pages: string[][] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const lines = new Map<number, { x: number; text: string }[]>();
    for (const item of content.items) {
      if (!("str" in item) || item.str.trim() === "") continue;
      const y = Math.round(item.transform[5] ?? 0);
      const x = item.transform[4] ?? 0;
      lines.set(y, [...(lines.get(y) ?? []), { x, text: item.str }]);
    }
    pages.push(
      [...lines.entries()]
        .sort(([a], [b]) => b - a)
        .map(([, items]) =>
          items
            .sort((a, b) => a.x - b.x)
            .map((item) => item.text)
            .join(" | "),
        ),
    );
  }
  await task.destroy();
  return pages;
}
