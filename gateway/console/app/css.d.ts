// esbuild bundles imported stylesheets into the console's CSS file.
declare module "*.css";
