/** CSS files are bundled as minified text and adopted as constructable stylesheets (see build.ts). */
declare module "*.css" {
  const css: string;
  export default css;
}
