import { render } from 'preact';
import { LookupApp } from '../../components/lookup/LookupApp';
import '../../components/lookup/theme.css';

render(<LookupApp />, document.getElementById('app') as HTMLElement);
