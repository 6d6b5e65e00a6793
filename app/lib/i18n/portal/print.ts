/**
 * What the printable sheets' pages say to the owner around the sheet, in English. The sheet
 * itself speaks the site's languages (the public catalogues' scan prompts).
 */
export const printWords = Object.freeze({
  title: "{printable}: {name}",
  titleAlone: "Printable",
  description: "A printable sheet with your site's QR code.",
  noSuchPrintable: "There is no such printable.",
  // The toolbar above the sheet
  backToShare: "Back to Share",
  printOrSave: "Print or save as PDF",
  /** Before the page's script runs, where the button cannot work yet. */
  useBrowserPrint: "Use your browser’s Print (Ctrl+P or ⌘P) to print it or save it as a PDF.",
  marginsHint: "One {paper} page, no margins: choose “Default” or “None” margins when you print.",
  usLetter: "US Letter",
  // The sheet
  qrCodeFor: "QR code for {address}",
});
