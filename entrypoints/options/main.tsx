import { render } from 'preact';
import { OptionsApp } from '../../components/options/OptionsApp';
import '../../components/lookup/theme.css';
import '../../components/options/options.css';

render(<OptionsApp />, document.getElementById('app') as HTMLElement);
