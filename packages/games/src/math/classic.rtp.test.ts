import { rtpSuite } from './rtp-suite.test-helper';

rtpSuite(['classic']);
