/** Hands a text to the browser as a file download (the backup document), without leaving the page. */
export function saveFile(fileName: string, text: string, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the data to the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
