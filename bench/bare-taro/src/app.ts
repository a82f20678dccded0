import type { PropsWithChildren } from 'react'

// Taro's default React template: the app renders its pages and nothing else
function App({ children }: PropsWithChildren) {
  return children
}

export default App
