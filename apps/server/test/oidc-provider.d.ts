// oidc-provider 9 ships no type declarations; the test IdP (test/oidc-idp.ts) uses it untyped.
declare module 'oidc-provider' {
  // biome-ignore lint/suspicious/noExplicitAny: untyped dev dependency used only by tests
  const Provider: any;
  export default Provider;
}
