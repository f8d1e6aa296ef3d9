import { render } from 'preact';
import { PopupApp } from '../../components/popup/PopupApp';
import '../../components/lookup/theme.css';

render(<PopupApp />, document.getElementById('app') as HTMLElement);
