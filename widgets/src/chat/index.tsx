import BASE_CSS from "../lib/base.css";
import { defineWidget } from "../lib/define-widget";
import { ChatPanel } from "./ChatPanel";
import CHAT_CSS from "./chat.css";

defineWidget("nikki-chat", ChatPanel, BASE_CSS + CHAT_CSS);
