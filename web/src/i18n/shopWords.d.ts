declare module 'virtual:shop-words/*' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
declare module 'virtual:shop-words-first/*' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
declare module 'virtual:shop-words-first' {
  const loaders: Record<string, () => Promise<{ default: Record<string, unknown> }>>;
  export default loaders;
}
