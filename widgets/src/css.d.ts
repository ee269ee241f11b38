/** CSS files imported with `?inline` arrive as minified text, adopted as constructable stylesheets (see build.ts). */
declare module "*.css?inline" {
  const css: string;
  export default css;
}
