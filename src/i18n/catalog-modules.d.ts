// A part of a catalogue (src/i18n/catalog-parts.ts): compiled by the build, the whole JSON in tests.
declare module '*.json?part=forms' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=wallet' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=pages' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=casino' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=game' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=errors' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=notifications' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=push' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=chat' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=rg' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=profile' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=verification' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=demo' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=install' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=rewards' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=boxes' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=qa' {
  const messages: Record<string, string>;
  export default messages;
}
