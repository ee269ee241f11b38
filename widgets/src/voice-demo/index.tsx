import BASE_CSS from "../lib/base.css";
import { defineWidget } from "../lib/define-widget";
import { VoiceDemo } from "./VoiceDemo";
import VOICE_DEMO_CSS from "./voice-demo.css";

defineWidget("nikki-voice-demo", VoiceDemo, BASE_CSS + VOICE_DEMO_CSS);
