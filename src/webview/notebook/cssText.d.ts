// The renderer's build loads CSS as text (esbuild.mjs): a notebook output has no <link> of ours, so
// the renderer adopts the style sheets into each output's shadow root itself.
declare module '*.css' {
  const text: string;
  export { text as default };
}
