declare module 'virtual:shop-words/*' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
