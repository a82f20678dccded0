/** a latitude/longitude pair from text (address parameters, typed input); null when not one */
export function coordinatesOf(lat: unknown, lng: unknown): { latitude: number; longitude: number } | null {
  const la = typeof lat === 'number' ? lat : Number(String(lat ?? '').trim())
  const lo = typeof lng === 'number' ? lng : Number(String(lng ?? '').trim())
  if (String(lat ?? '').trim() === '' || String(lng ?? '').trim() === '') return null
  if (!Number.isFinite(la) || !Number.isFinite(lo) || la < -90 || la > 90 || lo < -180 || lo > 180) return null
  return { latitude: la, longitude: lo }
}

/** a map application's address for a place (opens the Amap web page or app; no key needed) */
export function mapAppUrl(p: { latitude: number; longitude: number; name: string }): string {
  return `https://uri.amap.com/marker?position=${p.longitude},${p.latitude}&name=${encodeURIComponent(p.name)}&coordinate=gaode&callnative=1`
}
