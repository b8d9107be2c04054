/**
 * What the live regions inside `container` are given to say, in order: the text of each node added to one,
 * or of a text changed in one (what a screen reader reads out). `said()` takes what came since the last call.
 */
export function liveAnnouncements(container: HTMLElement) {
  let records: MutationRecord[] = []
  const observer = new MutationObserver((delivered) => records.push(...delivered))
  for (const region of container.querySelectorAll('[aria-live]'))
    observer.observe(region, { childList: true, subtree: true, characterData: true })
  return {
    said: () => {
      const taken = [...records, ...observer.takeRecords()]
      records = []
      return taken
        .flatMap((record) =>
          record.type === 'characterData'
            ? [record.target.textContent ?? '']
            : [...record.addedNodes].map((node) => node.textContent ?? ''),
        )
        .filter((text) => text.trim() !== '')
    },
    stop: () => observer.disconnect(),
  }
}
