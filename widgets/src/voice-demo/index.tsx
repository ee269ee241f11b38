import BASE_CSS from "../lib/base.css?inline";
import { defineWidget } from "../lib/define-widget";
import { VoiceDemo } from "./VoiceDemo";
import VOICE_DEMO_CSS from "./voice-demo.css?inline";

defineWidget("nikki-voice-demo", VoiceDemo, BASE_CSS + VOICE_DEMO_CSS);
