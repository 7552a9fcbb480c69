// Files out of a drop: a dropped folder is walked (the File System entries API every browser has),
// so a scanning station's whole output folder can be dragged in at once. Each file keeps its path
// inside the folder, which orders the upload and names the file in messages.

export interface ScanPick {
  path: string;
  size: number;
  file: File;
}

export const pickOf = (file: File): ScanPick => ({
  path: file.webkitRelativePath || file.name,
  size: file.size,
  file,
});

export async function filesOfDrop(items: DataTransferItemList): Promise<ScanPick[]> {
  // Entries must be taken before the first await: the list is emptied once the drop handler yields.
  const entries = [...items].map((item) => item.webkitGetAsEntry?.() ?? null);
  const plain = [...items].map((item) => item.getAsFile());
  const picks: ScanPick[] = [];
  for (const [i, entry] of entries.entries()) {
    if (entry) await walk(entry, '', picks);
    else if (plain[i]) picks.push(pickOf(plain[i]));
  }
  return picks;
}

async function walk(entry: FileSystemEntry, prefix: string, into: ScanPick[]): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    into.push({ path, size: file.size, file });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in chunks (about 100 at a time) until it answers an empty list.
  for (;;) {
    const chunk = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (chunk.length === 0) break;
    for (const child of chunk) await walk(child, path, into);
  }
}
