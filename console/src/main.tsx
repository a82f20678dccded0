import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { registerServiceWorker } from './lib/service-worker'

createRoot(document.getElementById('root')!).render(<App />)
registerServiceWorker()
