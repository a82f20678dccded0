// Taro's React runtime ships no type declarations for this entry (used by the test setup only).
declare module '@tarojs/plugin-framework-react/dist/runtime'
