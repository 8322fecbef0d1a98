/** pdfkit's standard font metrics (its package exports them, its types do not): data for `registerStdFonts`. */
declare module "pdfkit/standard-fonts/*" {
  const font: { name: string };
  export default font;
}
