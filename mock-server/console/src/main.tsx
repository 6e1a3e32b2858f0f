import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import "./console.css";

createRoot(document.getElementById("console")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
