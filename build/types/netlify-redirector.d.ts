// Type declarations for netlify-redirector (the WASM matcher `netlify dev` uses), which ships none.
declare module 'netlify-redirector' {
  const redirector: {
    parseJSON(rules: string, options: Record<string, unknown>): Promise<unknown>;
  };
  export default redirector;
}
