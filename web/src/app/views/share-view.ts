// Sharing, exporting and importing: Copy link and the link it made, Download results, and reports
// brought in by the file picker or by dropping the JSON on the zone (native, or a browser's export).
import { puzzleStateOf } from '../state/selectors';
import type { PageState } from '../state/store';
import type { Actions } from './actions';
import type { Elements } from './layout';

export function shareView(el: Elements, actions: Actions) {
  el.copy.addEventListener('click', () => actions.copyLink());
  el.download.addEventListener('click', () => actions.download(el.downloadFormat.value === 'csv' ? 'csv' : 'json'));
  el.importInput.addEventListener('change', () => actions.importNative(el.importInput.files?.[0]));
  const zone = el.importZone;
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('dragging');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('dragging');
    actions.importNative(e.dataTransfer?.files[0]);
  });
  let url = '';
  return (s: PageState) => {
    // Something to download once the open puzzle holds results of the viewer's.
    const none = !s.puzzleId || puzzleStateOf(s).mine.size === 0;
    el.download.disabled = none;
    el.download.title = none ? 'Run something first: this downloads your results on this puzzle' : 'Your results on this puzzle, every case you ran';
    if (s.shareUrl === url) return;
    url = s.shareUrl;
    el.share.value = url;
    el.share.select();
  };
}
