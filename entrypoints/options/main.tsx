import { render } from 'preact';
import { OptionsApp } from '../../components/options/OptionsApp';
import '../../components/lookup/theme.css';

render(<OptionsApp />, document.getElementById('app') as HTMLElement);
